import WindowModel

// Touches (T1, T3, T4, T5, T7, T8): binding at `began`, touches withheld by
// exclusive or single-touch views, delivery to the bound view, and cancellation
// in the canonical order.

extension ReferenceWindowSystem {
    /// T1, T3, T4: binds the touch to what it hits, or reports `none` and starts
    /// nothing; an id that is already active is ignored.
    func touchBegan(_ id: TouchID, at point: Point, in scene: SceneState) -> [Observation] {
        guard activeTouch(id) == nil else {
            ruleRecorder?.record(.t4BeganActiveIgnored)
            return [.touchIgnored(id, .began)]
        }
        guard let hit = route(point, in: scene) else {
            ruleRecorder?.record(.t4BeganHitsNothing)
            return [.touchBegan(id, nil)]
        }
        guard !isWithheld(hit.window, hit.view) else {
            return [.touchIgnored(id, .began)]
        }
        ruleRecorder?.record(.t3BeganBinds)
        touches.append(ActiveTouch(id: id, window: hit.window, view: hit.view))
        return [.touchBegan(id, Observation.Target(window: hit.window.name, view: hit.view.name, point: hit.point))]
    }

    /// T3: delivered to the bound view wherever the finger is.
    func touchMoved(_ id: TouchID, to point: Point) -> [Observation] {
        guard let index = activeTouch(id) else {
            ruleRecorder?.record(.t4MovedInactiveIgnored)
            return [.touchIgnored(id, .moved)]
        }
        ruleRecorder?.record(.t3MovedToBoundView)
        return [.touchMoved(id, target(of: touches[index], at: point))]
    }

    /// T3: delivered like `moved`, then the touch ends.
    func touchEnded(_ id: TouchID, at point: Point) -> [Observation] {
        guard let index = activeTouch(id) else {
            ruleRecorder?.record(.t4EndedInactiveIgnored)
            return [.touchIgnored(id, .ended)]
        }
        ruleRecorder?.record(.t3EndedToBoundView)
        let touch = touches.remove(at: index)
        return [.touchEnded(id, target(of: touch, at: point))]
    }

    /// T3, T4: the touch ends without a point.
    func touchCancelled(_ id: TouchID) -> [Observation] {
        guard let index = activeTouch(id) else {
            ruleRecorder?.record(.t4CancelledInactiveIgnored)
            return [.touchIgnored(id, .cancelled)]
        }
        ruleRecorder?.record(.t3CancelledEndsTouch)
        let touch = touches.remove(at: index)
        return [.touchCancelled(id, window: touch.window.name, view: touch.view.name)]
    }

    /// T5 as the first part of what a command posts (N2): cancels as
    /// ``cancelTouches(where:)`` does and, when any touch was cancelled, records
    /// `outcome` and N2's "cancellations first".
    func cancelTouchesFirst(_ outcome: RuleOutcome, where predicate: (ActiveTouch) -> Bool) -> [Observation] {
        let posted = cancelTouches(where: predicate)
        if let recorder = ruleRecorder, !posted.isEmpty {
            recorder.record(outcome)
            recorder.record(.n2CancellationsFirst)
        }
        return posted
    }

    /// T5: ends every touch matching `predicate` and reports them in ascending id
    /// order (``cancellationPrecedes(_:_:)``).
    func cancelTouches(where predicate: (ActiveTouch) -> Bool) -> [Observation] {
        let cancelled = touches.filter(predicate).sorted { Self.cancellationPrecedes($0.id, $1.id) }
        if let recorder = ruleRecorder, cancelled.count > 1 { Self.recordCancellationOrder(of: cancelled, recorder) }
        touches.removeAll(where: predicate)
        return cancelled.map { .touchCancelled($0.id, window: $0.window.name, view: $0.view.name) }
    }

    /// T8, then T7: whether a `began` that hit `view` in `window` is withheld.
    private func isWithheld(_ window: WindowState, _ view: ViewNode) -> Bool {
        let inWindow = touches.filter { $0.window === window }
        let onOtherViews = inWindow.filter { $0.view !== view }
        // T8: an exclusive-touch view tracks touches only alone in its window.
        if onOtherViews.contains(where: { $0.view.isExclusiveTouch }) {
            ruleRecorder?.record(.t8ExclusiveTrackingBlocksOther)
            return true
        }
        if view.isExclusiveTouch && !onOtherViews.isEmpty {
            ruleRecorder?.record(.t8ExclusiveWaitsForOthers)
            return true
        }
        if let recorder = ruleRecorder {
            if view.isExclusiveTouch { recorder.record(.t8ExclusiveAloneBinds) }
            let elsewhere = touches.filter { $0.window !== window }
            if elsewhere.contains(where: { $0.view.isExclusiveTouch }) || (view.isExclusiveTouch && !elsewhere.isEmpty) {
                recorder.record(.t8OtherWindowDoesNotCount)
            }
        }
        // T7: a single-touch view takes one touch at a time.
        let tracking = inWindow.count > onOtherViews.count
        if !view.isMultipleTouchEnabled {
            ruleRecorder?.record(tracking ? .t7SecondTouchWithheld : .t7SingleTouchViewTakesFirst)
            return tracking
        }
        if tracking { ruleRecorder?.record(.t7MultipleTouchViewTakesAnother) }
        return false
    }

    private func activeTouch(_ id: TouchID) -> Int? {
        touches.firstIndex { $0.id == id }
    }

    /// T3: the scene point converted into the bound view's space (G4, through every
    /// ancestor).
    private func target(of touch: ActiveTouch, at point: Point) -> Observation.Target {
        Observation.Target(window: touch.window.name, view: touch.view.name, point: localPoint(point, in: touch.view))
    }
}

extension ReferenceWindowSystem {
    /// T5's order: ids made only of digits first, by numeric value; then the other
    /// ids as text; digit ids of equal value (`010`, `10`) as text.
    static func cancellationPrecedes(_ a: TouchID, _ b: TouchID) -> Bool {
        let aIsNumber = isAllDigits(a.text), bIsNumber = isAllDigits(b.text)
        if aIsNumber != bIsNumber { return aIsNumber }
        if aIsNumber {
            // Compare values without converting (ids may be longer than any Int):
            // fewer significant digits is smaller; equally many compare as text.
            let aDigits = a.text.drop { $0 == "0" }, bDigits = b.text.drop { $0 == "0" }
            if aDigits.count != bDigits.count { return aDigits.count < bDigits.count }
            if aDigits != bDigits { return aDigits < bDigits }
        }
        return a.text < b.text
    }

    static func isAllDigits(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 >= "0" && $0 <= "9" }
    }
}
