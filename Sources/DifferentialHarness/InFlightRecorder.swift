import Foundation
import ProcessSupport
import ScenarioLanguage
import WindowModel

/// What a worker is running right now, one slot per job, kept where a supervising
/// process can read it after the worker crashed: each slot is a small file
/// overwritten in place (one `pwrite` per case, no allocation, no sync: the
/// kernel keeps the page when the process dies).
///
/// A record is an ``InFlightRecord``, kept as one line of tab-separated words.
public final class InFlightRecorder: @unchecked Sendable {
    /// The folder holding `job-0`, `job-1`, …
    public let directory: String
    /// One open descriptor per job; each job writes only its own (hence unchecked Sendable).
    private let descriptors: [Int32]
    static let slotSize = 4096

    /// Opens (creating) a slot per job in `directory`.
    public init(directory: String, jobs: Int) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        descriptors = try (0..<max(1, jobs)).map { job in
            let fd = open(directory + "/job-\(job)", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory]) }
            return fd
        }
    }

    deinit { descriptors.forEach { close($0) } }

    /// Records what `job` starts now, replacing its previous record.
    public func record(job: Int, _ record: InFlightRecord) {
        var line = Array((record.words.joined(separator: "\t") + "\n").utf8.prefix(Self.slotSize - 1))
        line += [UInt8](repeating: 0x20, count: Self.slotSize - line.count)   // pad over the old record
        _ = line.withUnsafeBytes { pwrite(descriptors[job % descriptors.count], $0.baseAddress, $0.count, 0) }
    }

    /// Records that `job` is about to run `commands` (a shrinking candidate of campaign
    /// case `caseIndex`): the list goes to `job-N.candidate.wls` beside the slot, and
    /// the slot names it.
    public func recordCandidate(job: Int, _ commands: [Command], caseIndex: Int) {
        let path = directory + "/job-\(job).candidate.wls"
        guard (try? AtomicFile.write(Array(ScenarioPrinter.print(commands).utf8), to: path)) != nil else { return }
        record(job: job, .candidate(path: path, caseIndex: caseIndex))
    }

    /// Marks a job idle.
    public func clear(job: Int) { record(job: job, .idle) }

    /// The records left in `directory`, one per job that was not idle.
    public static func read(directory: String) -> [InFlightRecord] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("job-") && !$0.hasSuffix(".wls") }.sorted()
        return names.compactMap { name in
            guard let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) else { return nil }
            let line = text.split(separator: "\n").first ?? ""
            let record = InFlightRecord(words: line.split(separator: "\t").map(String.init))
            return record == .idle ? nil : record
        }
    }
}

/// What a job was doing, as an in-flight slot keeps it: written and read here only.
public enum InFlightRecord: Hashable, Sendable {
    case idle
    /// Campaign case `index`, made from `seed` with `profile` (and the rules it focused
    /// on, or the kinds of command it left out).
    case campaignCase(index: Int, seed: UInt64, profile: String, focus: [String], avoided: [String] = [])
    /// A list tried while shrinking campaign case `caseIndex`, saved at `path`.
    case candidate(path: String, caseIndex: Int?)
    /// A saved failure being replayed.
    case savedFailure(path: String)
    /// Replayed item number `ordinal` (counted from 1 over the replays of a check).
    case replay(ordinal: Int, item: ReplayItem)

    /// What a replay runs.
    public enum ReplayItem: Hashable, Sendable {
        case scenario(path: String)
        case packEntry(pack: String, index: Int)
        case regressionInput(path: String)
    }

    /// The record as words (tab-separated in a slot: paths may hold spaces), for
    /// example `case 812 1730048855 crowd` or `replay 3 scenario Examples/hud.wls`.
    public var words: [String] {
        switch self {
        case .idle: return ["idle"]
        case let .campaignCase(index, seed, profile, focus, avoided):
            return ["case", String(index), String(seed), profile] + (focus.isEmpty ? [] : ["focus", focus.joined(separator: ",")])
                + (avoided.isEmpty ? [] : ["avoid", avoided.joined(separator: ",")])
        case let .candidate(path, caseIndex): return ["candidate", path] + (caseIndex.map { ["case", String($0)] } ?? [])
        case let .savedFailure(path): return ["saved", path]
        case let .replay(ordinal, .scenario(path)): return ["replay", String(ordinal), "scenario", path]
        case let .replay(ordinal, .packEntry(pack, index)): return ["replay", String(ordinal), "entry", pack, String(index)]
        case let .replay(ordinal, .regressionInput(path)): return ["replay", String(ordinal), "input", path]
        }
    }

    /// Reads ``words`` back; a damaged or unknown record reads as idle.
    public init(words: [String]) {
        func int(_ i: Int) -> Int? { i < words.count ? Int(words[i]) : nil }
        switch words.first {
        case "case" where words.count >= 4:
            guard let index = int(1), let seed = UInt64(words[2]) else { self = .idle; return }
            func list(_ name: String) -> [String] {
                guard let at = words.firstIndex(of: name), at + 1 < words.count, at >= 4 else { return [] }
                return words[at + 1].split(separator: ",").map(String.init)
            }
            self = .campaignCase(index: index, seed: seed, profile: words[3], focus: list("focus"), avoided: list("avoid"))
        case "candidate" where words.count >= 2:
            self = .candidate(path: words[1], caseIndex: words.count >= 4 && words[2] == "case" ? int(3) : nil)
        case "saved" where words.count >= 2:
            self = .savedFailure(path: words[1])
        case "replay" where words.count >= 4:
            guard let ordinal = int(1) else { self = .idle; return }
            switch words[2] {
            case "scenario": self = .replay(ordinal: ordinal, item: .scenario(path: words[3]))
            case "entry": self = int(4).map { .replay(ordinal: ordinal, item: .packEntry(pack: words[3], index: $0)) } ?? .idle
            case "input": self = .replay(ordinal: ordinal, item: .regressionInput(path: words[3]))
            default: self = .idle
            }
        default:
            self = .idle
        }
    }

    /// How the record reads in a message.
    public var description: String { words.joined(separator: " ") }
}
