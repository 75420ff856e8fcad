#include "../../CLua/shim.h"
