#if canImport(Glibc)
import Glibc
#endif
import TantanLua

exit(TantanCLI.main(CommandLine.arguments))
