import MotionBudget
import MotionCore
import MotionStore

// MARK: - InventoryRun

/// One `motionsync inventory`: the live animations in scope with their figures (peaks, holds
/// between movements, planned haptic events) and budget verdict. Under a built-in profile the
/// figures stored at import are read by one query (computed and stored first when missing and the
/// store can be written); under a custom profile the verdicts are computed.
public struct InventoryRun {
    /// Which animations (screen, kind, trigger).
    public var filter: InventoryFilter
    /// The profile of the verdicts.
    public var profile: BudgetProfile
    /// Only animations whose verdict is not a pass.
    public var overBudget: Bool
    /// Where the store is.
    public var globals: GlobalOptions

    public init(
        filter: InventoryFilter = InventoryFilter(), profile: BudgetProfile = .appleTouch, overBudget: Bool = false,
        globals: GlobalOptions = GlobalOptions()
    ) {
        self.filter = filter
        self.profile = profile
        self.overBudget = overBudget
        self.globals = globals
    }

    /// The rows and their figures, in the store's order.
    /// - Throws: `CLIError.rejected` when the scope is empty, `CLIError.store` (exit 3).
    public func run(io: CommandIO) throws -> [(row: InventoryRow, figures: Figures)] {
        var store = try StoreAccess.open(globals, io: io)
        try ScreenScope.check(filter.screen, in: store)
        var pairs: [(InventoryRow, Figures)]
        // Figures missing (a store made before they were stored, or by an older analysis): they
        // are computed and stored once, which needs the store writable; when it cannot be
        // written (a read-only folder), they are computed for this answer only.
        let canStore: Bool
        (store, canStore) = try StoredFigures.upToDate(store, screen: filter.screen, globals: globals, io: io)
        if BudgetProfile.named(profile.name) == profile && canStore {
            // Built-in profile: the stored figures, read by one query over the inventory_figures view.
            do {
                pairs = try store.inventoryFigures(filter, profile: profile.name).map { f in
                    (f.row, Figures(peaks: f.peaks, holds: f.holds, hapticEvents: f.hapticEvents, budget: BudgetVerdict(rawValue: f.budget) ?? .pass))
                }
            } catch let error as StoreError { throw CLIError.store(place: store.path, why: error.description) }
        } else {
            // A custom profile: verdicts computed now.
            let rows: [InventoryRow]
            do { rows = try store.inventory(filter) } catch let error as StoreError {
                throw CLIError.store(place: store.path, why: error.description)
            }
            pairs = try rows.map { ($0, try Self.figures(of: $0, in: store, profile: profile)) }
        }
        // A scope without code (no row's origin is code) links nothing: the rows are not copied for it.
        if filter.kind != nil || filter.trigger != nil || pairs.contains(where: { $0.0.origin == "code" }) {
            let links = try Self.links(of: pairs.map(\.0), filter: filter, in: store)
            for k in pairs.indices { pairs[k].0.link = links[k] }
        }
        if overBudget { pairs = pairs.filter { $0.1.budget != .pass } }
        return pairs.map { (row: $0.0, figures: $0.1) }
    }

    /// Each row's link with the other side of its animation (`AnimationPairing.links`), worked
    /// out over every animation of the rows' screens: a --kind or --trigger filter does not
    /// change which code plays which spec (the rows of the scope are read again for it).
    static func links(of rows: [InventoryRow], filter: InventoryFilter, in store: MotionStore) throws -> [InventoryLink?] {
        guard filter.kind != nil || filter.trigger != nil else { return AnimationPairing.links(rows) }
        // Nothing read from code in the whole scope: nothing to link (one EXISTS query).
        guard try store.hasLiveCode(screen: filter.screen) else { return rows.map { _ in nil } }
        let all: [InventoryRow]
        do { all = try store.inventory(InventoryFilter(screen: filter.screen)) } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        var byKey: [AnimationKey: InventoryLink] = [:]
        for (row, link) in zip(all, AnimationPairing.links(all)) { if let link { byKey[AnimationKey(screen: row.screen, id: row.id)] = link } }
        return rows.map { byKey[AnimationKey(screen: $0.screen, id: $0.id)] }
    }

    /// Counts per animation: significant peaks, holds between movements, planned haptic events.
    public struct Figures: Sendable {
        public var peaks = 0
        public var holds = 0
        public var hapticEvents = 0
        public var budget = BudgetVerdict.pass

        public init(peaks: Int = 0, holds: Int = 0, hapticEvents: Int = 0, budget: BudgetVerdict = .pass) {
            self.peaks = peaks
            self.holds = holds
            self.hapticEvents = hapticEvents
            self.budget = budget
        }
    }

    /// The analysis figures of a stored animation (computed now, from its stored definition).
    public static func figures(of row: InventoryRow, in store: MotionStore, profile: BudgetProfile = .appleTouch) throws -> Figures {
        guard let stored = try? store.animation(screen: row.screen, id: row.id) else { return Figures() }
        let animation = ResolvedAnimation(screen: stored.screen, spec: stored.spec, source: stored.source)
        let f = try AnimationFigures(animation)
        let verdict = BudgetEvaluator.overall((try? BudgetEvaluator(profile: profile).evaluate(stored.spec, screen: stored.screen)) ?? [])
        return Figures(
            peaks: f.analysis.peaks.count, holds: f.analysis.holds.filter { $0.position == .interior }.count,
            hapticEvents: f.plan(for: animation).planned.count, budget: verdict)
    }
}
