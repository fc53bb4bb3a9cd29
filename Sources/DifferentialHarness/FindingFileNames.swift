import Synchronization

/// The scenario paths one command hands out to its findings, one each: a case step
/// that showed two causes (two groups shrunk from the same case, or a probe of it)
/// gives two findings of one stem, and the second must not overwrite the first.
public final class FindingFileNames: Sendable {
    private let taken = Mutex<Set<String>>([])

    public init() {}

    /// `DIRECTORY/STEM.wls`, or `DIRECTORY/STEM-2.wls`, `-3`, ... when that path was
    /// handed out already (a path stays taken after its file is removed, so a path
    /// names one finding for the whole run).
    /// - Complexity: O(k) set lookups for the k findings of this stem.
    public func reserve(directory: String, stem: String) -> String {
        taken.withLock { taken in
            var path = "\(directory)/\(stem).wls", copy = 1
            while !taken.insert(path).inserted {
                copy += 1
                path = "\(directory)/\(stem)-\(copy).wls"
            }
            return path
        }
    }
}
