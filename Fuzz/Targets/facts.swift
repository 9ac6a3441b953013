import MotionSwiftSourceModel

/// The facts scan alone (every file's types, uses, constants and kept animations), many
/// thousand inputs a second where the `swift` target, which also runs Apple's parser, does a
/// hundred. The scan reads its bytes through an unsafe buffer pointer over a copy ended by a 0
/// (Docs/Contributing.md, "Unusual constructs"); this target's modules are built without
/// optimisation, so each of those reads is bounds-checked and one past the end stops the run.
/// Then its text form, as the store keeps it, and the module table read back equal, and
/// screens are attributed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFacts(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzSupport.bytes(data, size)
    let facts = SwiftFactsScan.facts(bytes)
    guard SwiftModuleFacts(text: facts.text) == facts else { fatalError("the facts' text form does not read back") }
    let table = SwiftModuleConstants([facts])
    guard SwiftModuleConstants(text: table.text).text == table.text else { fatalError("the module table's text form does not read back") }
    _ = ScreenAttribution([facts]).screens(of: facts.types.first?.name ?? "")
    return 0
}
