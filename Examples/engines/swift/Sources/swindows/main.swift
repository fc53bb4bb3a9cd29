// swindows over the engine protocol, on standard input and output: what
// `windowlab check --engine exec:…/swindows` talks to.
import EngineProtocol
import Foundation
import SwiftWindows

exit(ProtocolServer(engine: SwiftWindows.factory).serve())
