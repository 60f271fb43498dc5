//! A criterion measurement of this thread's time on the processor (Linux
//! `/proc/thread-self/schedstat`; wall-clock time elsewhere), so that other programs
//! sharing the machine inflate the figures less. Shared by the benches of this crate.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// This thread's time on the processor, or wall-clock time where the system does not
/// tell it.
pub struct ThreadCpu;

static WALL: WallTime = WallTime;

fn cpu_now() -> Duration {
    let ns = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse::<u64>().ok());
    match ns {
        Some(ns) => Duration::from_nanos(ns),
        None => {
            static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            START.get_or_init(std::time::Instant::now).elapsed()
        }
    }
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        cpu_now()
    }
    fn end(&self, i: Duration) -> Duration {
        cpu_now().saturating_sub(i)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}
