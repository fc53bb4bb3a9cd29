/// The values an engine can take, beside its numeric domain, as it declares them in
/// its handshake (`hello 2 NAME FEATURE… numbers integer range -32768 32767 sizes 1
/// 65535 points screen`, or ``EngineFactory/limits``): an X server carries 16-bit
/// positions and sizes of 1 to 65535, and its pointer cannot leave the screen; a
/// browser routes only points on its page.
///
/// The harness sends such an engine nothing outside its limits: ``project(_:numbers:screen:)``
/// moves every number of a command inside before any engine sees it (every engine of
/// the comparison gets the same command), so generated cases, probes, shrunk cases
/// and replays all stay inside, and a finding's scenario holds what was sent.
public struct EngineLimits: Hashable, Sendable, CustomStringConvertible {
    /// Every coordinate (a frame's or a bounds origin, a point, a transform's
    /// translation) lies in it; nil: any.
    public var coordinates: ClosedRange<Double>?
    /// Every width and height of a window's or a view's frame lies in it (a minimum
    /// above 0 sends no empty box); nil: any that is not negative.
    public var sizes: ClosedRange<Double>?
    /// The points of hits and touches lie on the screen of their scene:
    /// `0 ≤ x ≤ width - 1`, `0 ≤ y ≤ height - 1` (a pointer cannot leave its screen).
    public var pointsOnScreen: Bool
    /// Every window's and view's position on the screen (its frame's origin plus those
    /// of its ancestors; bounds origins and transforms aside) lies in ``coordinates``
    /// too: an X server keeps nested windows' positions on the screen in 16 bits.
    public var positionsOnScreen: Bool

    public init(coordinates: ClosedRange<Double>? = nil, sizes: ClosedRange<Double>? = nil, pointsOnScreen: Bool = false,
                positionsOnScreen: Bool = false) {
        self.coordinates = coordinates
        self.sizes = sizes
        self.pointsOnScreen = pointsOnScreen
        self.positionsOnScreen = positionsOnScreen
    }

    /// No limit: every value is sent as it is.
    public static let none = EngineLimits()
    public var isNone: Bool { self == .none }

    /// The declaration words (`range -32768 32767 sizes 1 65535 points screen`), "" for none.
    public var words: String {
        var words: [String] = []
        if let coordinates { words.append("range \(NumberText.format(coordinates.lowerBound)) \(NumberText.format(coordinates.upperBound))") }
        if let sizes { words.append("sizes \(NumberText.format(sizes.lowerBound)) \(NumberText.format(sizes.upperBound))") }
        if pointsOnScreen { words.append("points screen") }
        if positionsOnScreen { words.append("positions screen") }
        return words.joined(separator: " ")
    }

    public var description: String { isNone ? "no limits" : words }

    /// Reads the words after `range` and `sizes` (two finite numbers, the first at most
    /// the second; sizes not negative) and after `points` and `positions` (`screen`);
    /// each nil when the declaration has no such section. The error says what is wrong.
    public static func parse(range: [String]?, sizes: [String]?, points: [String]?,
                             positions: [String]? = nil) -> Result<EngineLimits, LimitsError> {
        var limits = EngineLimits()
        let examples = ["range": "range -32768 32767", "sizes": "sizes 1 32767"]
        func bounds(_ words: [String], _ section: String) -> Result<ClosedRange<Double>, LimitsError> {
            guard words.count == 2, let low = NumberText.parse(words[0]), let high = NumberText.parse(words[1]),
                  low.isFinite, high.isFinite, low <= high else {
                return .failure(LimitsError("`\(section)` takes two finite numbers, the first at most the second "
                                            + "(`\(examples[section]!)`), got `\(words.joined(separator: " "))`"))
            }
            return .success(low...high)
        }
        // A declaration that leaves nothing to compare is refused: a window needs a size
        // of at least 1 and room for it between the range's ends.
        func nothingLeft(_ section: String, _ words: [String], _ why: String) -> LimitsError {
            LimitsError("`\(section) \(words.joined(separator: " "))` leaves nothing to compare: \(why) "
                        + "(for example `\(examples[section]!)`)")
        }
        if let range {
            switch bounds(range, "range") {
            case let .success(found) where found.upperBound - found.lowerBound >= 1: limits.coordinates = found
            case .success:
                return .failure(nothingLeft("range", range, "no window of size 1 fits between its ends"))
            case let .failure(error): return .failure(error)
            }
        }
        if let sizes {
            switch bounds(sizes, "sizes") {
            case let .success(found) where found.lowerBound < 0:
                return .failure(LimitsError("`sizes` cannot go below 0 (`\(examples["sizes"]!)`), got `\(sizes.joined(separator: " "))`"))
            case let .success(found) where found.upperBound < 1:
                return .failure(nothingLeft("sizes", sizes, "no window as wide as 1, so none can be hit"))
            case let .success(found): limits.sizes = found
            case let .failure(error): return .failure(error)
            }
        }
        if let span = limits.coordinates.map({ $0.upperBound - $0.lowerBound }), let least = limits.sizes?.lowerBound,
           least > span {
            return .failure(LimitsError("`range` and `sizes` together leave nothing to compare: the smallest size, "
                                        + "\(NumberText.format(least)), does not fit in the range (`range -32768 32767 sizes 1 32767`)"))
        }
        if let points {
            guard points == ["screen"] else {
                return .failure(LimitsError("`points` takes `screen`, got `\(points.joined(separator: " "))`"))
            }
            limits.pointsOnScreen = true
        }
        if let positions {
            guard positions == ["screen"] else {
                return .failure(LimitsError("`positions` takes `screen`, got `\(positions.joined(separator: " "))`"))
            }
            guard limits.coordinates != nil else {
                return .failure(LimitsError("`positions screen` keeps positions on the screen inside `range`: "
                                            + "declare a range too (`range -32768 32767 positions screen`)"))
            }
            limits.positionsOnScreen = true
        }
        return .success(limits)
    }

    /// What every one of several engines can take: the ranges' intersections (an
    /// empty one is a single value), points on the screen if any engine needs that.
    public static func shared<S: Sequence>(_ all: S) -> EngineLimits where S.Element == EngineLimits {
        all.reduce(EngineLimits()) { shared, next in
            EngineLimits(coordinates: intersect(shared.coordinates, next.coordinates),
                         sizes: intersect(shared.sizes, next.sizes),
                         pointsOnScreen: shared.pointsOnScreen || next.pointsOnScreen,
                         positionsOnScreen: shared.positionsOnScreen || next.positionsOnScreen)
        }
    }

    private static func intersect(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> ClosedRange<Double>? {
        guard let a, let b else { return a ?? b }
        let low = max(a.lowerBound, b.lowerBound), high = min(a.upperBound, b.upperBound)
        return low <= high ? low...high : low...low
    }
}

/// A declaration of limits that cannot be read.
public struct LimitsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
