import TantanTools

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(TantanCLI.main(CommandLine.arguments))
