print("tantan-host")
