//! The clock `gamao bench` reads: this thread's CPU time where 64-bit Linux gives it
//! (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, to the nanosecond), so that other
//! processes on a shared machine slow the figures much less than they slow a wall
//! clock; else wall-clock time. (`/proc/thread-self/schedstat`, read before, moves
//! only at the scheduler's ticks, 4 ms here, which quantised one decision's time.)

use std::sync::OnceLock;
use std::time::Instant;

/// Seconds on the benchmark clock, from an arbitrary origin.
pub fn seconds() -> f64 {
    if uses_cpu_time() {
        if let Some(ns) = cpu_nanoseconds() {
            return ns as f64 / 1e9;
        }
    }
    wall_origin().elapsed().as_secs_f64()
}

/// What [`seconds`] measures, for the figures' headings.
pub fn name() -> &'static str {
    if uses_cpu_time() {
        "thread CPU time"
    } else {
        "wall-clock time"
    }
}

/// Whether this system gives the thread's CPU time (checked once).
fn uses_cpu_time() -> bool {
    static CPU: OnceLock<bool> = OnceLock::new();
    *CPU.get_or_init(|| cpu_nanoseconds().is_some())
}

fn wall_origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

/// The nanoseconds this thread has run on a CPU.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn cpu_nanoseconds() -> Option<u64> {
    /// C's `struct timespec` where `time_t` and `long` are 64 bits.
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: clock_gettime writes one timespec through the pointer, which points to
    // one that lives until it returns.
    if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) } != 0 {
        return None;
    }
    let seconds = u64::try_from(time.seconds).ok()?;
    let nanoseconds = u64::try_from(time.nanoseconds).ok()?;
    Some(seconds * 1_000_000_000 + nanoseconds)
}

/// No thread CPU clock is read elsewhere: the wall clock is used.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn cpu_nanoseconds() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_resolves_well_below_a_millisecond() {
        // Over 20 ms, a clock that moves at each read gives thousands of readings; one
        // that moves at the scheduler's ticks (4 ms) or switches gives a few dozen.
        let start = seconds();
        let mut previous = start;
        let mut readings = 0;
        while previous - start < 0.02 {
            let now = seconds();
            assert!(now >= previous, "the clock went back");
            if now > previous {
                readings += 1;
            }
            previous = now;
        }
        assert!(
            readings >= 1_000,
            "{}: {readings} readings in 20 ms",
            name()
        );
    }
}
