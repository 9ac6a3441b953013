// MARK: - JUnitReport

/// A JUnit XML report (the `testsuites` / `testsuite` / `testcase` / `failure` form that CI
/// systems read): one suite per command run, one test case per check, a `failure` for each check
/// that fails the command's `--strict`. Warnings are passing cases with the warning in
/// `system-out`, so the failure count is exactly what `--strict` counts.
public struct JUnitReport {
    /// One check.
    public struct Case {
        public var name: String
        /// The group it belongs to (an animation, a file).
        public var className: String
        /// Why it fails (nil: it passes).
        public var failure: String?
        /// Extra text (a warning).
        public var output: String?
        /// Where the checked thing is written: the `file` and `line` attributes CI systems use
        /// to annotate the code (nil: not known).
        public var file: String?
        public var line: Int?

        public init(name: String, className: String, failure: String? = nil, output: String? = nil, file: String? = nil, line: Int? = nil) {
            self.name = name
            self.className = className
            self.failure = failure
            self.output = output
            self.file = file
            self.line = line
        }
    }

    public var suite: String
    public var cases: [Case]

    public init(suite: String, cases: [Case]) {
        self.suite = suite
        self.cases = cases
    }

    public var failures: Int { cases.filter { $0.failure != nil }.count }

    public var xml: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"motionsync\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        out += "  <testsuite name=\"\(Self.escape(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for c in cases {
            let place = (c.file.map { " file=\"\(Self.escape($0))\"" } ?? "") + (c.line.map { " line=\"\($0)\"" } ?? "")
            let open = "    <testcase name=\"\(Self.escape(c.name))\" classname=\"\(Self.escape(c.className))\"" + place
            guard c.failure != nil || c.output != nil else {
                out += open + "/>\n"
                continue
            }
            out += open + ">\n"
            if let failure = c.failure {
                out += "      <failure message=\"\(Self.escape(failure))\" type=\"motionsync\">\(Self.escape(failure))</failure>\n"
            }
            if let output = c.output { out += "      <system-out>\(Self.escape(output))</system-out>\n" }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Text for XML content and attribute values: the escaper the SVG plot and HTML report use.
    public static func escape(_ s: String) -> String { XMLText.escape(s) }
}
