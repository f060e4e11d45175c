//! The component's allocator. Every guest call runs in a fresh instance whose memory the host
//! throws away when the call returns, so freeing is work nobody needs: a compile makes a few
//! hundred small allocations, and the general-purpose allocator's bookkeeping for them is a
//! share of the call the sandbox then multiplies.
//!
//! [`Arena`] hands out memory by moving a cursor through one fixed region. Freeing the latest
//! allocation moves the cursor back, and growing the latest one grows it in place (a `Vec` or
//! `String` being built); every other free is a no-op. When the region is full, allocations
//! go to the system allocator, which frees as usual: the region is the most memory a call can
//! leave unreclaimed, and the instance's memory limit still bounds the rest.
//!
//! It is installed as the global allocator only in the WebAssembly build (`component`), where
//! one thread runs; natively the same type is unit-tested on a region of its own.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::{Cell, UnsafeCell};

/// Bytes of the region the component's arena bumps through. A demo-table compile allocates
/// about 80 KiB in all; a request at the size limit with a long `IN` list a few MiB, which
/// the system allocator then serves. Zero-initialised, so it costs the module no data and an
/// instance only the pages a call touches.
pub const COMPONENT_ARENA_BYTES: usize = 1 << 20;

/// A bump allocator over an inline region of `BYTES` bytes, falling back to [`System`].
///
/// A new arena is all zero bytes, so the component's static one is zero-initialised data
/// that the linker leaves out of the module (one non-zero field would put the whole region
/// in it as a data segment; `tests/all/fuzz/sandbox_boundary.rs` fails if it is ever there).
#[repr(C, align(16))]
pub struct Arena<const BYTES: usize> {
    region: UnsafeCell<[u8; BYTES]>,
    /// Offset of the first free byte of the region.
    next: Cell<usize>,
    /// Offset of the latest allocation, which freeing may roll back while `rollback` holds.
    latest: Cell<usize>,
    rollback: Cell<bool>,
}

// SAFETY: an arena is only reached from one thread: the component is built for
// wasm32-unknown-unknown without the atomics feature, where there is one, and the native unit
// tests use an arena of their own within one test.
unsafe impl<const BYTES: usize> Sync for Arena<BYTES> {}

impl<const BYTES: usize> Arena<BYTES> {
    /// An empty arena.
    pub const fn new() -> Self {
        Arena {
            region: UnsafeCell::new([0; BYTES]),
            next: Cell::new(0),
            latest: Cell::new(0),
            rollback: Cell::new(false),
        }
    }

    fn base(&self) -> usize {
        self.region.get() as usize
    }

    /// The offset of `ptr` in the region, if it lies there.
    fn offset_of(&self, ptr: *mut u8) -> Option<usize> {
        (ptr as usize).checked_sub(self.base()).filter(|&offset| offset < BYTES)
    }

    /// Room for `layout` at the cursor, or `None` when the region cannot hold it.
    fn bump(&self, layout: Layout) -> Option<*mut u8> {
        let base = self.base();
        let start = (base.checked_add(self.next.get())?).checked_next_multiple_of(layout.align())? - base;
        let end = start.checked_add(layout.size())?;
        if end > BYTES {
            return None;
        }
        self.next.set(end);
        self.latest.set(start);
        self.rollback.set(true);
        // The region's own pointer, offset within it: keeps its provenance.
        Some(self.region.get().cast::<u8>().wrapping_add(start))
    }

    fn is_latest(&self, offset: usize) -> bool {
        self.rollback.get() && offset == self.latest.get()
    }

    /// Bytes of the region handed out and not rolled back (for the tests).
    pub fn used(&self) -> usize {
        self.next.get()
    }
}

impl<const BYTES: usize> Default for Arena<BYTES> {
    fn default() -> Self {
        Self::new()
    }
}

// SAFETY: every block handed out is either a range of the region no live block overlaps (the
// cursor only moves back over the latest block, once it is freed or resized) or comes from
// `System`; each is aligned as asked; blocks are returned to `System` only when they came from
// it; and a resized block keeps the old contents up to the smaller of the two sizes.
unsafe impl<const BYTES: usize> GlobalAlloc for Arena<BYTES> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match self.bump(layout) {
            Some(ptr) => ptr,
            // SAFETY: the caller's layout, passed on unchanged.
            None => unsafe { System.alloc(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match self.offset_of(ptr) {
            Some(offset) if self.is_latest(offset) => {
                self.next.set(offset);
                self.rollback.set(false);
            }
            Some(_) => {}
            // SAFETY: not in the region, so `System` allocated it with this layout.
            None => unsafe { System.dealloc(ptr, layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if let Some(offset) = self.offset_of(ptr) {
            let grows_in_place = self.is_latest(offset) && offset.checked_add(new_size).is_some_and(|end| end <= BYTES);
            if grows_in_place {
                self.next.set(offset + new_size);
                return ptr;
            }
            if new_size <= layout.size() {
                // The block keeps its room; the bytes past `new_size` stay unused.
                return ptr;
            }
        }
        // SAFETY: the caller promises `new_size`, rounded up to `layout.align()`, does not
        // overflow `isize`, which is what `Layout` needs.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: `new_layout` has a non-zero size (`new_size` is, by the caller's promise).
        let moved = unsafe { self.alloc(new_layout) };
        if !moved.is_null() {
            // SAFETY: both blocks are live, do not overlap (`moved` is new), and hold at least
            // the smaller of the two sizes.
            unsafe { std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size)) };
            // SAFETY: `ptr` was allocated by this allocator with `layout`.
            unsafe { self.dealloc(ptr, layout) };
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).unwrap()
    }

    #[test]
    fn blocks_are_aligned_distinct_and_inside_the_region() {
        let arena = Box::new(Arena::<4096>::new());
        let mut blocks = Vec::new();
        for (size, align) in [(1, 1), (24, 8), (3, 1), (64, 16), (5, 4)] {
            // SAFETY: non-zero sizes.
            let ptr = unsafe { arena.alloc(layout(size, align)) };
            assert_eq!(ptr as usize % align, 0, "aligned to {align}");
            assert!(arena.offset_of(ptr).is_some(), "from the region");
            // SAFETY: `size` bytes were just handed out.
            unsafe { std::ptr::write_bytes(ptr, blocks.len() as u8, size) };
            blocks.push((ptr, size));
        }
        for (i, (ptr, size)) in blocks.iter().enumerate() {
            // SAFETY: every block is live and `size` long.
            let bytes = unsafe { std::slice::from_raw_parts(*ptr, *size) };
            assert!(bytes.iter().all(|&b| b == i as u8), "block {i} was not overwritten by another");
        }
    }

    #[test]
    fn freeing_the_latest_block_reclaims_it_and_an_earlier_one_does_not() {
        let arena = Box::new(Arena::<4096>::new());
        // SAFETY: non-zero sizes; each block is freed with its own layout.
        unsafe {
            let first = arena.alloc(layout(100, 8));
            let second = arena.alloc(layout(100, 8));
            let used = arena.used();
            arena.dealloc(first, layout(100, 8));
            assert_eq!(arena.used(), used, "an earlier block stays");
            arena.dealloc(second, layout(100, 8));
            assert_eq!(arena.used(), arena.offset_of(second).unwrap(), "the latest block is reclaimed");
            let third = arena.alloc(layout(100, 8));
            assert_eq!(third, second, "and handed out again");
        }
    }

    #[test]
    fn the_latest_block_grows_in_place_and_others_move_with_their_contents() {
        let arena = Box::new(Arena::<4096>::new());
        // SAFETY: non-zero sizes; every pointer is live where it is read or resized.
        unsafe {
            let first = arena.alloc(layout(16, 8));
            std::ptr::write_bytes(first, 7, 16);
            let grown = arena.realloc(first, layout(16, 8), 64);
            assert_eq!(grown, first, "the latest block grows in place");
            let second = arena.alloc(layout(8, 8));
            let moved = arena.realloc(grown, layout(64, 8), 128);
            assert_ne!(moved, grown, "a block that is no longer the latest moves");
            assert!(moved as usize > second as usize);
            assert!(std::slice::from_raw_parts(moved, 16).iter().all(|&b| b == 7), "its contents came along");
            assert_eq!(arena.realloc(second, layout(8, 8), 4), second, "shrinking keeps the block");
        }
    }

    #[test]
    fn past_the_region_blocks_come_from_the_system_allocator_and_are_freed_there() {
        let arena = Box::new(Arena::<256>::new());
        // SAFETY: non-zero sizes; every block is freed once with its own layout.
        unsafe {
            let inside = arena.alloc(layout(200, 8));
            assert!(arena.offset_of(inside).is_some());
            let outside = arena.alloc(layout(200, 8));
            assert!(!outside.is_null());
            assert!(arena.offset_of(outside).is_none(), "a full region hands the block to System");
            std::ptr::write_bytes(outside, 1, 200);
            // Growing the region's latest block past the region moves it out, contents kept.
            std::ptr::write_bytes(inside, 9, 200);
            let grown = arena.realloc(inside, layout(200, 8), 1000);
            assert!(arena.offset_of(grown).is_none());
            assert!(std::slice::from_raw_parts(grown, 200).iter().all(|&b| b == 9));
            arena.dealloc(grown, layout(1000, 8));
            arena.dealloc(outside, layout(200, 8));
        }
    }

    #[test]
    fn an_alignment_larger_than_the_room_left_falls_back_instead_of_overrunning() {
        let arena = Box::new(Arena::<64>::new());
        // SAFETY: non-zero sizes; the System block is freed with its layout.
        unsafe {
            let _small = arena.alloc(layout(50, 1));
            let aligned = arena.alloc(layout(16, 32));
            assert!(arena.offset_of(aligned).is_none(), "past 50 bytes, no 32-aligned start leaves 16 of the 64");
            assert_eq!(aligned as usize % 32, 0);
            arena.dealloc(aligned, layout(16, 32));
        }
    }
}
