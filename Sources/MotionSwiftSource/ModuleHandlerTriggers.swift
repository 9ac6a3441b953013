#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore

// MARK: - Handlers of other files

extension ModuleConstantReading {
    /// The trigger the module's handlers give what `keys` name (`Child.selected`: a binding
    /// handed to `Child` that its `Button` sets; `*.start`: a method another object's
    /// `viewDidAppear` calls), when every handler that does it is of one kind; nil when none
    /// does or they differ (then which one runs it is not known). A fact of another file is
    /// recorded in `used`, so the file is read again when it changes. O(keys).
    func handlerTrigger(_ keys: [String]) -> Trigger? {
        var triggers: Set<String> = []
        for key in keys {
            guard let found = constants.handlers[key] else { continue }
            triggers.formUnion(found)
            used["handler:" + key] = Self.digest(found.joined(separator: ","))
        }
        guard triggers.count == 1, let only = triggers.first else { return nil }
        return Trigger(only)
    }
}
#endif
