// The structure-aware mutator lives in the root package's WindowLabFuzzing (a product,
// so users' own fuzz targets get the same one); the targets here see it through FuzzSupport.
@_exported import WindowLabFuzzing
