//! The clock `gamao bench` reads: this thread's CPU time where Linux gives it
//! (`/proc/thread-self/schedstat`, nanoseconds spent running), so that other processes
//! on a shared machine slow the figures much less than they slow a wall clock; else
//! wall-clock time.

use std::sync::OnceLock;
use std::time::Instant;

const SCHEDSTAT: &str = "/proc/thread-self/schedstat";

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

/// The first field of the thread's schedstat: nanoseconds it has run on a CPU.
fn cpu_nanoseconds() -> Option<u64> {
    std::fs::read_to_string(SCHEDSTAT)
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
