// `import DifferentialHarness` brings the parts it is built on, as swift-collections'
// `Collections` brings each collection's module: a user's test target (or the CLI)
// imports one module; each part still builds and can be imported alone.
@_exported import CommandGeneration
@_exported import Lockstep
@_exported import Shrinking
