#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TantanLua

exit(TantanCLI.main(CommandLine.arguments))
