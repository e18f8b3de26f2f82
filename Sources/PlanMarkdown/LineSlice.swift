/// A line kept by a block: some spaces (from a split tab) followed by a range of source bytes.
struct LineSlice {
    var padding: Int
    var range: Range<Int>
}
