import DifferentialHarness
import Foundation
import ScenarioLanguage
import WindowModel

/// What a report shows: scenarios (a campaign's shrunk findings, or one file the
/// user names) and, for a campaign, its result (coverage, throughput, seed).
public struct ReportInput {
    /// One scenario and the group it belongs to.
    public struct Item {
        public var scenario: Scenario
        /// The finding's group (`hit observations`, `press crash of mine`), or the file name.
        public var group: String
        /// The comment lines at the top of the file (a finding's header).
        public var header: [String]
    }

    public var title: String
    public var items: [Item]
    /// The campaign's result, when the folder holds `check.json`.
    public var result: CheckResult?

    public init(title: String, items: [Item], result: CheckResult?) {
        self.title = title
        self.items = items
        self.result = result
    }

    /// Reads a campaign's `--out` folder (every `.wls` in it, and `check.json`) or
    /// one scenario file.
    public static func read(_ path: String) throws -> ReportInput {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReportError("no file or folder '\(path)'")
        }
        if !isDirectory.boolValue {
            return ReportInput(title: path, items: [try item(path)], result: nil)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".wls") }.sorted()
        let items = try names.map { try item(path + "/" + $0) }
        var result: CheckResult?
        if let data = FileManager.default.contents(atPath: path + "/check.json") {
            result = try? JSONDecoder().decode(CheckResult.self, from: data)
        }
        return ReportInput(title: path, items: items, result: result)
    }

    static func item(_ path: String) throws -> Item {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser().parseFile(atPath: path)
        } catch {
            throw ReportError(error.description)
        }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let header = text.split(separator: "\n").prefix { $0.hasPrefix("#") }.map { String($0.dropFirst(2)) }
        let group = header.first { $0.hasPrefix("group: ") }.map { String($0.dropFirst(7).prefix { $0 != ";" }) }
        return Item(scenario: scenario, group: group ?? (path as NSString).lastPathComponent, header: header)
    }
}

/// Why a report cannot be made.
public struct ReportError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
