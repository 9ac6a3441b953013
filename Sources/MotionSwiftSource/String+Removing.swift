// MARK: - String.removing

extension String {
    /// The string with every occurrence of `piece` taken out, left to right (Foundation's
    /// `replacingOccurrences(of:with: "")`, which the reader's process does not load). O(count).
    func removing(_ piece: String) -> String {
        let bytes = Array(utf8), wanted = Array(piece.utf8)
        guard !wanted.isEmpty, bytes.count >= wanted.count else { return self }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var k = 0
        while k < bytes.count {
            if k + wanted.count <= bytes.count, bytes[k..<(k + wanted.count)].elementsEqual(wanted) {
                k += wanted.count
            } else {
                kept.append(bytes[k])
                k += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
