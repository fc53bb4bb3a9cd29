// The prefetch hint is a static inline function in include/CPrefetch.h; SwiftPM
// needs one source file to build the target.
#include "CPrefetch.h"
