// The C side of libWindowLabOracle: the rest of windowlab.h is implemented in Swift
// (Sources/WindowLabOracle, `@_cdecl` functions with these names).
#include "windowlab.h"

int windowlab_api_version(void) { return WINDOWLAB_API_VERSION; }
