import MotionCore
import MotionFormats

// MARK: - BundledSpecs decoded

extension BundledSpecs {
    /// The bundled example specs, decoded (what `motionsync demo` imports).
    /// - Throws: `CLIError.rejectedFile` if a bundled file does not decode (a build defect).
    public static func decoded() throws -> [MotionSpec] {
        try files.map { file in
            let result = SpecDecoder().decode(bytes: Array(file.text.utf8), file: "(bundled) Specs/\(file.name)")
            guard let spec = result.spec else { throw CLIError.rejectedFile(result.errors) }
            return spec
        }
    }
}
