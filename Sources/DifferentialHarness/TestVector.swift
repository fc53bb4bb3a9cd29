import CommandGeneration
import Foundation
import ProcessSupport
import ReferenceModel
import ScenarioLanguage
import WindowModel

/// One exported test vector (docs/test-vectors.md): a command list in wire form
/// with the reference model's observations and snapshot after each command, and
/// the features it needs, for any engine's own test runner to replay without
/// WindowLab.
public struct TestVector: Codable, Sendable, Equatable {
    /// The layout's version; fields are only ever added within a version.
    public var version = 1
    public var name: String
    /// Where it came from: a scenario file's path, or `generated seed N`.
    public var source: String
    /// Feature words (docs/engine-protocol.md) an engine needs to run it.
    public var features: [String]
    public var steps: [Step]

    public struct Step: Codable, Sendable, Equatable {
        /// The statement, in the protocol's wire form.
        public var statement: String
        /// The reference model's observations, as trace lines.
        public var observations: [String]
        /// Every scene after the statement, in creation order.
        public var snapshot: [Scene]
    }

    public struct Scene: Codable, Sendable, Equatable {
        public var scene: String
        /// Visible windows, front to back.
        public var order: [String]
        /// The key window; absent when there is none.
        public var keyWindow: String?

        public init(scene: String, order: [String], keyWindow: String?) {
            (self.scene, self.order, self.keyWindow) = (scene, order, keyWindow)
        }
    }

    /// Runs `commands` (valid) on the reference model
    /// and records every answer.
    public init(name: String, source: String, commands: [Command]) {
        self.name = name
        self.source = source
        let system = ReferenceWindowSystem()
        var needed: Set<EngineFeature> = []
        steps = commands.map { command in
            needed.formUnion(EngineFeature.required(by: command))
            let observations = system.apply(command).map(\.description)
            let scenes = system.snapshot().map { Scene(scene: $0.scene, order: $0.order, keyWindow: $0.keyWindow) }
            return Step(statement: ScenarioPrinter.wireLine(command), observations: observations, snapshot: scenes)
        }
        features = needed.sorted().map(\.rawValue)
    }

    /// The vector as JSON, keys sorted, one step per line for readable diffs.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func encode<T: Encodable>(_ value: T) -> String {
            (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "null"
        }
        var text = "{\"features\":\(encode(features)),\"name\":\(encode(name)),\"source\":\(encode(source)),\n\"steps\":[\n"
        text += steps.map(encode).joined(separator: ",\n")
        text += "\n],\"version\":\(version)}\n"
        return text
    }
}

/// Writes test vectors into a folder: one `NAME.json` each and an `index.json`.
public enum TestVectorExport {
    /// One line of `index.json`.
    struct IndexEntry: Codable {
        var name: String
        var file: String
        var source: String
        var features: [String]
        var steps: Int
    }

    /// Writes every vector (atomically, file by file) and the index; returns the paths written.
    public static func write(_ vectors: [TestVector], to folder: String) throws -> [String] {
        try AtomicFile.makeFolder(folder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var paths: [String] = []
        var lines: [String] = []
        for vector in vectors {
            let path = folder + "/" + vector.name + ".json"
            try AtomicFile.write(Array(vector.jsonText().utf8), to: path)
            paths.append(path)
            let entry = IndexEntry(name: vector.name, file: vector.name + ".json", source: vector.source,
                                   features: vector.features, steps: vector.steps.count)
            lines.append(String(decoding: try encoder.encode(entry), as: UTF8.self))
        }
        let text = "{\"version\":1,\"vectors\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
        try AtomicFile.write(Array(text.utf8), to: folder + "/index.json")
        return paths + [folder + "/index.json"]
    }

    /// Generated vectors: `count` small cases from `seed` (case `i` uses seed `seed + i`),
    /// restricted to `features`.
    public static func generated(count: Int, seed: UInt64, features: Set<EngineFeature> = EngineFeature.all)
        -> [TestVector]
    {
        (0..<count).map { offset in
            let caseSeed = seed &+ UInt64(offset)
            var configuration = CommandGenerator.Configuration(length: 120, swarm: offset % 2 == 1)
            configuration.features = features
            var generator = CommandGenerator(seed: caseSeed, configuration: configuration)
            return TestVector(name: "generated-\(caseSeed)", source: "generated seed \(caseSeed)",
                              commands: generator.generate())
        }
    }
}
