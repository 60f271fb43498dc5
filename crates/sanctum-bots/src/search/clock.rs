//! The hard end of a turn's thinking under a budget in milliseconds: each step (a plan,
//! a world, an iteration) starts only when a step as long as the longest of its kind so
//! far would still end in time, so the turn returns by its deadline (short of the
//! system pausing the thread) with what it has: at worst the heuristic's plan.

use std::time::{Duration, Instant};

/// A deadline, or none (a budget in iterations), and the longest step timed so far.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    deadline: Option<Instant>,
    longest: Duration,
}

impl Clock {
    pub fn new(deadline: Option<Instant>) -> Clock {
        Clock {
            deadline,
            longest: Duration::ZERO,
        }
    }

    /// Whether a step as long as the longest so far, or `guess` if that is longer (what
    /// a step of this kind is expected to take before one was timed), still ends in
    /// time. Always true without a deadline.
    pub fn allows(&self, guess: Duration) -> bool {
        self.deadline
            .is_none_or(|d| Instant::now() + self.longest.max(guess) <= d)
    }

    /// Runs one step, timing it.
    pub fn step<T>(&mut self, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.longest = self.longest.max(start.elapsed());
        out
    }

    /// The longest step timed so far.
    pub fn longest(&self) -> Duration {
        self.longest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_deadline_everything_is_allowed_and_a_past_deadline_allows_nothing() {
        let mut free = Clock::new(None);
        free.step(std::thread::yield_now);
        assert!(free.allows(Duration::from_secs(3600)));
        let past = Clock::new(Some(Instant::now()));
        assert!(!past.allows(Duration::from_secs(1)));
        let far = Clock::new(Some(Instant::now() + Duration::from_secs(3600)));
        assert!(far.allows(Duration::from_millis(1)));
        assert!(!far.allows(Duration::from_secs(7200)));
    }
}
