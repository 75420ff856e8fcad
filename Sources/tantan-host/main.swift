#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TantanTools

exit(TantanCLI.main(CommandLine.arguments))
