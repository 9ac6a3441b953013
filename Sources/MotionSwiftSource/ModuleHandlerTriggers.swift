#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore

// MARK: - Handlers of other files

extension ModuleConstantReading {
    /// The trigger the module's handlers give what `keys` name (`Child.selected`: a binding
    /// handed to `Child` that its `Button` sets; `*.start`: a method another object's
    /// `viewDidAppear` calls), when every handler that does it is of one kind; nil when none
    /// does or they differ (then which one runs it is not known). A name the type hands on to
    /// another view (`>Leaf.onTap`: `Leaf(onTap: onSelect)`) takes what that view's handlers
    /// give its label, up to `maximumHandOns` views on. A fact of another file is recorded in
    /// `used`, so the file is read again when it changes. O(keys × views handed through).
    func handlerTrigger(_ keys: [String]) -> Trigger? {
        var triggers: Set<String> = []
        var seen: Set<String> = []
        collectTriggers(keys, into: &triggers, seen: &seen, depth: 0)
        guard triggers.count == 1, let only = triggers.first else { return nil }
        return Trigger(only)
    }

    /// How many views a closure or a binding is followed through (`handlerTrigger`).
    static var maximumHandOns: Int { 4 }

    private func collectTriggers(_ keys: [String], into triggers: inout Set<String>, seen: inout Set<String>, depth: Int) {
        for key in keys where seen.insert(key).inserted {
            guard let found = constants.handlers[key] else { continue }
            used["handler:" + key] = Self.digest(found.joined(separator: ","))
            for trigger in found {
                if trigger.utf8.first == UInt8(ascii: ">") {
                    if depth < Self.maximumHandOns { collectTriggers([String(trigger.dropFirst())], into: &triggers, seen: &seen, depth: depth + 1) }
                } else {
                    triggers.insert(trigger)
                }
            }
        }
    }
}
#endif
