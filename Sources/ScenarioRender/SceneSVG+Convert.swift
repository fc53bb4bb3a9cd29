import ReferenceModel
import WindowModel

/// What a `convert X Y from A to B` statement draws in the rendered scene: the
/// point in A's space (a circle, with an arrow from A's origin), and where each
/// engine's answer puts it in B's space (a square, with an arrow from B's origin).
///
/// A conversion does not move the point, so a right answer lands on the circle
/// and the two arrows meet there; an answer that lands elsewhere also gets an
/// arrow from the circle to its square (`data-role="lands"`). A window drawn as a
/// stack layer moves the points of its spaces with it. A side whose window or
/// view is in another scene is left out.
struct Conversion {
    /// The statement and the answers, known before the scene is laid out.
    struct Plan {
        var point: Point
        var from: CoordinateSpace
        var to: CoordinateSpace
        /// One per engine shown (`all` when they agree): its colour and its answer.
        var answers: [(engine: String, colour: String, value: Point)]
        /// The scene points the drawing must keep in view.
        var scenePoints: [Point]

        init?(run: StepRun, layout: SceneLayout) {
            guard case let .convert(point, from, to)? = run.statement?.command else { return nil }
            self.point = point
            self.from = from
            self.to = to
            let differ = run.enginesDiffer
            answers = run.answers.enumerated().compactMap { index, answer in
                guard differ || index == 0 else { return nil }
                for case let .convert(value) in answer.observations {
                    return (differ ? answer.engine : "all", differ ? Palette.engine(index) : Palette.point, value)
                }
                return nil
            }
            var points: [Point] = []
            if let origin = Self.origin(of: from, in: layout) {
                points += [origin, Point(origin.x + point.x, origin.y + point.y)]
            }
            if let origin = Self.origin(of: to, in: layout) {
                points += [origin] + answers.map { Point(origin.x + $0.value.x, origin.y + $0.value.y) }
            }
            scenePoints = points
        }

        /// The origin of a space in scene coordinates; nil when it is not in `layout`.
        static func origin(of space: CoordinateSpace, in layout: SceneLayout) -> Point? {
            guard case let .named(name) = space else { return .zero }
            func search(_ views: [SceneLayout.View], content: Point) -> Point? {
                for view in views {
                    let inner = Point(content.x + view.frame.x - view.boundsOrigin.x,
                                      content.y + view.frame.y - view.boundsOrigin.y)
                    if view.name == name { return inner }
                    if let found = search(view.subviews, content: inner) { return found }
                }
                return nil
            }
            for window in layout.windows {
                let content = DrawnScene.contentOrigin(window)
                if window.name == name { return content }
                if let found = search(window.subviews, content: content) { return found }
            }
            return nil
        }
    }

    /// Where one engine's answer lands, in pixels.
    struct Landing {
        var engine: String
        var colour: String
        var value: Point
        var pixel: (x: Double, y: Double)
    }

    var plan: Plan
    var sourceOrigin: (x: Double, y: Double)?
    /// The point in the source space, in pixels.
    var source: (x: Double, y: Double)?
    var targetOrigin: (x: Double, y: Double)?
    var landings: [Landing] = []

    /// Nil when neither space is in the drawn scene.
    init?(plan: Plan, drawn: DrawnScene) {
        self.plan = plan
        func space(_ space: CoordinateSpace) -> (origin: Point, shift: Double)? {
            guard case let .named(name) = space else { return (.zero, 0) }
            return drawn.space(name)
        }
        if let (origin, shift) = space(plan.from) {
            sourceOrigin = drawn.pixel(origin, shift: shift)
            source = drawn.pixel(Point(origin.x + plan.point.x, origin.y + plan.point.y), shift: shift)
        }
        if let (origin, shift) = space(plan.to) {
            targetOrigin = drawn.pixel(origin, shift: shift)
            landings = plan.answers.map { answer in
                Landing(engine: answer.engine, colour: answer.colour, value: answer.value,
                        pixel: drawn.pixel(Point(origin.x + answer.value.x, origin.y + answer.value.y), shift: shift))
            }
        }
        if source == nil && targetOrigin == nil { return nil }
    }

    static func name(_ space: CoordinateSpace) -> String {
        if case let .named(name) = space { return name }
        return "screen"
    }

    static func text(_ point: Point) -> String { "\(NumberText.format(point.x)) \(NumberText.format(point.y))" }
}
