import WindowModel

/// Everything there is to draw of one scene: a read-only description of the
/// reference model's full state, for renderers.
///
/// Windows are listed back to front in stacking order, hidden ones included (see
/// ``ReferenceWindowSystem/sceneLayout(_:)`` for where hidden windows go). Views are
/// listed back to front within their parent, as `subviews` arrays are.
public struct SceneLayout: Hashable, Sendable {
    public var scene: String
    public var size: Size
    /// Every live window of the scene, back to front.
    public var windows: [Window]
    /// The screen the scene is on (D1, D2) and that screen's size.
    public var screen: String
    public var screenSize: Size

    public init(scene: String, size: Size, windows: [Window], screen: String = mainScreenName,
                screenSize: Size = defaultScreenSize) {
        self.scene = scene
        self.size = size
        self.windows = windows
        self.screen = screen
        self.screenSize = screenSize
    }

    /// A window: its own properties and its view tree.
    public struct Window: Hashable, Sendable {
        public var name: String
        /// In screen coordinates (S2).
        public var frame: Rect
        public var boundsOrigin: Point
        public var level: Double
        public var isHidden: Bool
        /// Clamped to [0, 1].
        public var alpha: Double
        public var isInteractionEnabled: Bool
        public var isPassthrough: Bool
        public var isKey: Bool
        /// Back to front; the root view, while it exists, is one of them.
        public var subviews: [View]
        /// Applied about the frame's centre (A1, A2); `frame` is the untransformed frame.
        public var transform: ViewTransform

        public init(name: String, frame: Rect, boundsOrigin: Point, level: Double, isHidden: Bool,
                    alpha: Double, isInteractionEnabled: Bool, isPassthrough: Bool, isKey: Bool,
                    subviews: [View], transform: ViewTransform = .identity) {
            self.transform = transform
            self.name = name
            self.frame = frame
            self.boundsOrigin = boundsOrigin
            self.level = level
            self.isHidden = isHidden
            self.alpha = alpha
            self.isInteractionEnabled = isInteractionEnabled
            self.isPassthrough = isPassthrough
            self.isKey = isKey
            self.subviews = subviews
        }
    }

    /// A view and its subtree.
    public struct View: Hashable, Sendable {
        public var name: String
        /// In its parent's coordinate space.
        public var frame: Rect
        public var boundsOrigin: Point
        public var isHidden: Bool
        /// Clamped to [0, 1]; not multiplied by the ancestors' (H4).
        public var alpha: Double
        public var isInteractionEnabled: Bool
        /// Back to front.
        public var subviews: [View]
        /// Applied about the frame's centre (A1, A2); `frame` is the untransformed frame.
        public var transform: ViewTransform

        public init(name: String, frame: Rect, boundsOrigin: Point, isHidden: Bool, alpha: Double,
                    isInteractionEnabled: Bool, subviews: [View], transform: ViewTransform = .identity) {
            self.transform = transform
            self.name = name
            self.frame = frame
            self.boundsOrigin = boundsOrigin
            self.isHidden = isHidden
            self.alpha = alpha
            self.isInteractionEnabled = isInteractionEnabled
            self.subviews = subviews
        }
    }
}
