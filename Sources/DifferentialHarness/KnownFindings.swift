import Foundation
import Lockstep
import ScenarioLanguage
import WindowModel

/// A known-findings baseline: the groups of findings an engine is known to have, each
/// with a scenario that shows it, in a text a person can edit and review in a pull
/// request (docs/known-findings.md). `check --known FILE` runs past them and reports
/// only new groups; `check --write-known FILE` writes what a run found.
///
/// ```
/// # windowlab known findings: `windowlab check --known FILE` reports only groups not listed here.
/// known hit observations hit/view [h4OutsideParentNotReached]
///   window w0 in main frame 0 0 10 10 level 0 root
///   show w0
///   hit 5 5 in main
/// ```
public struct KnownFindings: Sendable, Equatable {
    /// One known group: its signature, and a scenario (statements, one per line) that shows it.
    public struct Entry: Sendable, Equatable {
        public var signature: FindingSignature
        public var scenario: String

        public init(signature: FindingSignature, scenario: String) {
            self.signature = signature
            self.scenario = scenario
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// Whether `signature` is known: a listed group has exactly this signature. (A
    /// group's signature holds only what shrinking kept, so a cause met in another
    /// context shrinks to it again; and a campaign counts a case that carries every
    /// outcome of a known group in a richer context into that group.)
    public func contains(_ signature: FindingSignature) -> Bool {
        entries.contains { $0.signature == signature }
    }

    public var signatures: Set<FindingSignature> { Set(entries.map(\.signature)) }

    /// The file's text: a header, then one block per entry, sorted by signature.
    public var text: String {
        var lines = [
            "# windowlab known findings (docs/known-findings.md): `windowlab check --known FILE` reports only",
            "# groups not listed here. One block per group: `known SIGNATURE`, then a scenario that shows it,",
            "# each line indented by two spaces. Delete a block once its bug is fixed.",
        ]
        for entry in entries.sorted(by: { $0.signature < $1.signature }) {
            lines.append("")
            lines.append("known " + entry.signature.text)
            lines += entry.scenario.split(separator: "\n", omittingEmptySubsequences: true).map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a known-findings text; `file` names it in errors (`FILE:LINE: why`).
    public static func parse(_ text: String, file: String) throws(KnownFindingsError) -> KnownFindings {
        var known = KnownFindings()
        var seen: [FindingSignature: (line: Int, text: String)] = [:]
        // Lines end in LF or CRLF alike (a String reads "\r\n" as one character, so the
        // text is split on its scalars).
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            Substring(String(String.UnicodeScalarView(scalars.last == "\r" ? scalars.dropLast() : scalars[...])))
        }
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            func fail(_ why: String) -> KnownFindingsError { KnownFindingsError("\(file):\(number): \(why)") }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
            if line.hasPrefix("known ") {
                let text = String(line.dropFirst(6))
                guard let signature = FindingSignature(text: text) else {
                    throw fail("`\(printable(text))` is not a finding signature (as `check` prints them, e.g. "
                               + "`hit observations hit/view [h1AlphaBelowHundredthNil]`)")
                }
                if let earlier = seen[signature] {
                    throw fail(earlier.text == text ? "`\(printable(text))` is listed twice (first on line \(earlier.line))"
                        : "`\(printable(text))` is the group of line \(earlier.line) (`\(printable(earlier.text))`) again: "
                          + "the two spellings name one group (`\(signature.text)`); keep one")
                }
                seen[signature] = (number, text)
                known.entries.append(Entry(signature: signature, scenario: ""))
            } else if line.hasPrefix("  "), !known.entries.isEmpty {
                known.entries[known.entries.count - 1].scenario += line.dropFirst(2) + "\n"
            } else {
                throw fail("expected `known SIGNATURE`, a scenario line indented by two spaces under one, "
                           + "a comment (#) or a blank line")
            }
        }
        for entry in known.entries {
            do {
                _ = try ScenarioParser().parse(entry.scenario, file: file)
            } catch {
                throw KnownFindingsError("\(file): the scenario of `known \(entry.signature.text.prefix(120))`: \(error)")
            }
        }
        return known
    }

    /// At most 120 characters of `text`, control characters (a NUL byte, an escape)
    /// shown as `\u{0}`, so that an error never writes them to a terminal.
    static func printable(_ text: String) -> String {
        String(text.prefix(120)).unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }

    /// Reads a known-findings file.
    public static func read(_ path: String) throws(KnownFindingsError) -> KnownFindings {
        guard FileManager.default.fileExists(atPath: path) else {
            throw KnownFindingsError("\(path): no such known-findings file")
        }
        // (/dev/null, a folder or a FIFO: Foundation would call it a permission problem.)
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type]) as? FileAttributeType == .typeRegular else {
            throw KnownFindingsError("\(path): not a regular file (a known-findings file is text; an empty file "
                                     + "knows nothing)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw KnownFindingsError("\(path): cannot read the known-findings file: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw KnownFindingsError("\(path): not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// What replaying each entry's scenario on `engines` shows: the entries whose
    /// scenario still shows their group (a divergence with the entry's signature, or of
    /// the same cause as it; then the entry holds the signature its scenario shows now),
    /// and those that no longer do (stale: they hide nothing).
    public func replay(on engines: [EngineFactory]) -> (reproduced: [Entry], gone: [Entry]) {
        var reproduced: [Entry] = [], gone: [Entry] = []
        for entry in entries {
            let commands = (try? ScenarioParser().parse(entry.scenario, file: "known"))?.commands ?? []
            let shown = DifferentialRunner.run(commands, engines: engines, cadence: .everyCommand,
                                               continuesAfterDivergence: true).divergences.map(\.signature)
            if shown.contains(entry.signature) {
                reproduced.append(entry)
            } else if let now = shown.first(where: { entry.signature.sameCause($0) }) {
                reproduced.append(Entry(signature: now, scenario: entry.scenario))
            } else {
                gone.append(entry)
            }
        }
        return (reproduced, gone)
    }
}

/// A known-findings file that cannot be read, with where and why.
public struct KnownFindingsError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
