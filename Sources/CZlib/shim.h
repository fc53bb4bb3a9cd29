#ifndef WINDOWLAB_CZLIB_SHIM_H
#define WINDOWLAB_CZLIB_SHIM_H
#include <zlib.h>
#endif
