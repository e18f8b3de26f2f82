import Synchronization

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)`, which its Swift module does not export (it lives in
/// <malloc.h>); a plain C function taking and returning integers, so it can be named directly.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif

/// Gives memory back to the system after a large request (an import of megabytes).
///
/// glibc's allocator keeps freed memory in its per-thread arenas for reuse; after a request that
/// briefly needed tens of megabytes, that memory would stay with the process for good (three
/// refused 7 MB imports once left it 700 MB larger). `malloc_trim` returns what is free. It runs
/// a moment after the request, once its buffers are gone, and at most once a second.
enum MemoryTrim {
    /// A request body at least this large asks for a trim once it is done.
    static let threshold = 1 << 20

    private static let scheduled = Atomic<Bool>(false)

    static func soon() {
        #if os(Linux)
        guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Task.detached {
            try? await Task.sleep(for: .milliseconds(200))
            scheduled.store(false, ordering: .releasing)
            _ = mallocTrim(0)
        }
        #endif
    }
}
