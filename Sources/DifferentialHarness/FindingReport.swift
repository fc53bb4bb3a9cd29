import ScenarioLanguage
import WindowModel

extension Finding {
    /// The finding as a scenario file a person can read and replay.
    ///
    /// The minimal commands come first, then, for each scene, `order` and
    /// `keyWindow` queries; every observation the first (reference) engine made at
    /// the diverging command and at those queries is written as an `expect` line.
    /// So `windowlab run FILE` passes and `windowlab run --engine all FILE` fails,
    /// showing the difference.
    /// - Parameter origin: where the case came from, for the header; by default its
    ///   case seed and how to replay it.
    public func scenarioText(engines: [EngineFactory], origin: String? = nil) -> String {
        let origin = origin ?? self.origin
        let focus: String = focusRules.isEmpty ? "" : ", focus \(focusRules.joined(separator: ","))"
        let focusVariable: String = focusRules.isEmpty ? "" : " WINDOWLAB_FOCUS=\(focusRules.joined(separator: ","))"
        let defaultOrigin = "case seed \(caseSeed), profile \(profile)\(focus) (WINDOWLAB_SEED=\(caseSeed) "
            + "WINDOWLAB_PROFILE=\(profile)\(focusVariable) regenerates it in a PropertySuite test)"
        let scenes = commands.compactMap { command -> String? in
            if case let .createScene(name, _) = command { return name }
            return nil
        }
        let queries = ([mainSceneName] + scenes).flatMap { [Command.order(scene: $0), .keyWindow(scene: $0)] }
        let run = DifferentialRunner.run(commands + queries, engines: Array(engines.prefix(1)), checkInvariants: false)
        var body: [Command] = Array(commands.dropLast())
        for (offset, command) in ([commands[commands.count - 1]] + queries).enumerated() {
            body.append(command)
            let observed = run.trace[commands.count - 1 + offset]
            body.append(contentsOf: observed.isEmpty ? [.expectNothing] : observed.map { .expect($0.description) })
        }
        let first = !reproduced ? nil : divergence.fault != nil
            ? "# windowlab: an engine failed (\(divergence.fault!.kind.rawValue)) at the last statement before the final queries."
            : "# windowlab: engines disagree at the last statement before the final queries."
        let firstLine = first ?? "# windowlab: NONDETERMINISTIC: the engines disagreed once on this case and agreed when it ran "
            + "again on fresh engines (state kept between instances, hash order, a clock?). Not shrunk."
        // What engines wrote (a garbage line, the tail of standard error) may hold colour
        // escapes, NULs or any length: shown visibly and cut, so the file always parses.
        var header = [
            firstLine,
            "# " + VisibleText.escaped(origin ?? defaultOrigin),
            "# group: \(signature); shrunk from \(originalLength) to \(commands.count) commands",
            "# " + VisibleText.escaped(divergence.summary, limit: 900),
        ]
        for (engine, lines) in divergence.observations {
            header.append("#   \(engine): "
                          + VisibleText.escaped(lines.isEmpty ? "(nothing)" : lines.joined(separator: "; "), limit: 900))
        }
        header.append("# The expect lines are \(engines.first?.name ?? "the first engine")'s answers.")
        return header.joined(separator: "\n") + "\n" + ScenarioPrinter.print(body)
    }
}
