//! The query deadline: one long-lived thread per connection that interrupts a query which
//! runs past its deadline, instead of a thread spawned for every statement.
//!
//! A statement arms the watchdog with its deadline and disarms it when DuckDB returns. If
//! the deadline passes while armed, the watchdog interrupts, and keeps interrupting every
//! few milliseconds until the statement is disarmed: an interrupt that lands before DuckDB
//! starts executing is discarded, and some operators only check for it now and then.
//!
//! The thread is woken only when it would otherwise sleep past the new deadline: disarming
//! leaves it asleep until the time it chose (it then finds nothing armed, or a later
//! statement), and arming while it sleeps until an earlier time leaves it asleep too. Waking
//! it twice per statement cost every answer two cross-thread wake-ups for nothing, since
//! statements' deadlines only ever move later.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::duck::Interrupter;

/// How often a query past its deadline is interrupted again until it returns.
const REINTERRUPT_EVERY: Duration = Duration::from_millis(5);

#[derive(Default)]
struct State {
    /// The deadline of the statement running now, if any.
    armed: Option<Instant>,
    /// Counts statements, so a late interrupt is never charged to the next one.
    statement: u64,
    /// The statement the watchdog interrupted, if it did.
    interrupted: Option<u64>,
    /// When the thread looks at the state again without being woken: `None` while it waits
    /// for a notification only.
    looks_again_at: Option<Instant>,
    /// How many times the thread has looked at the state: what each statement costs it.
    looks: u64,
    stop: bool,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The watchdog thread of one connection; stopped and joined on drop.
pub struct Watchdog {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// A statement's hold on the watchdog; [`Armed::disarm`] says whether it was interrupted.
pub struct Armed<'w> {
    watchdog: &'w Watchdog,
    statement: u64,
}

impl Watchdog {
    /// Start the thread that will interrupt through `interrupter`.
    pub fn start(interrupter: Interrupter) -> std::io::Result<Watchdog> {
        let shared = Arc::new(Shared { state: Mutex::new(State::default()), changed: Condvar::new() });
        let watched = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("querycell-deadline".into())
            .spawn(move || watch(&watched, &interrupter))?;
        Ok(Watchdog { shared, thread: Some(thread) })
    }

    /// Watch the statement about to run until `deadline`.
    pub fn arm(&self, deadline: Instant) -> Armed<'_> {
        let mut state = self.shared.lock();
        state.statement += 1;
        state.armed = Some(deadline);
        let statement = state.statement;
        let wake = state.looks_again_at.is_none_or(|at| at > deadline);
        drop(state);
        if wake {
            self.shared.changed.notify_one();
        }
        Armed { watchdog: self, statement }
    }
}

impl Armed<'_> {
    /// The statement returned: stop watching it. True when the watchdog interrupted it.
    pub fn disarm(self) -> bool {
        self.watchdog.shared.lock().interrupted == Some(self.statement)
        // Dropping `self` stops the watch.
    }
}

impl Drop for Armed<'_> {
    /// Also on unwinding: a statement that never returns normally is not watched forever.
    /// The thread is not woken: at the time it chose it finds the statement gone.
    fn drop(&mut self) {
        let mut state = self.watchdog.shared.lock();
        if state.statement == self.statement {
            state.armed = None;
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.changed.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn watch(shared: &Shared, interrupter: &Interrupter) {
    let mut state = shared.lock();
    loop {
        if state.stop {
            return;
        }
        state.looks += 1;
        let now = Instant::now();
        let wait = match state.armed {
            None => None,
            Some(deadline) if now < deadline => Some(deadline - now),
            Some(_) => {
                state.interrupted = Some(state.statement);
                interrupter.interrupt();
                Some(REINTERRUPT_EVERY)
            }
        };
        state.looks_again_at = wait.map(|wait| now + wait);
        state = match wait {
            None => shared.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner()),
            Some(wait) => shared.changed.wait_timeout(state, wait).unwrap_or_else(|poisoned| poisoned.into_inner()).0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::Database;

    #[test]
    fn only_the_statement_past_its_deadline_is_reported_interrupted() {
        let database = Database::in_memory(&[]).unwrap();
        let watchdog = Watchdog::start(database.interrupter()).unwrap();
        let late = watchdog.arm(Instant::now());
        std::thread::sleep(Duration::from_millis(30));
        assert!(late.disarm(), "a deadline in the past fires");
        let next = watchdog.arm(Instant::now() + Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(30));
        assert!(!next.disarm(), "the next statement is not charged with the earlier interrupt");
    }

    /// Wait (up to 10 s) until the watchdog's thread has looked at its state `looks` times.
    fn settled(watchdog: &Watchdog, looks: u64) {
        let started = Instant::now();
        while watchdog.shared.lock().looks < looks && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn statements_with_later_deadlines_leave_the_thread_asleep() {
        let database = Database::in_memory(&[]).unwrap();
        let watchdog = Watchdog::start(database.interrupter()).unwrap();
        let looks = || watchdog.shared.lock().looks;
        // The thread's first look finds nothing armed; the first statement wakes it once.
        settled(&watchdog, 1);
        let first = watchdog.arm(Instant::now() + Duration::from_secs(60));
        settled(&watchdog, 2);
        drop(first);
        let before = looks();
        for _ in 0..100 {
            let watch = watchdog.arm(Instant::now() + Duration::from_secs(60));
            assert!(!watch.disarm());
        }
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(looks(), before, "100 statements, each due later than the last, woke the thread");
    }

    #[test]
    fn an_earlier_deadline_than_the_thread_sleeps_to_still_interrupts() {
        let database = Database::in_memory(&[]).unwrap();
        let watchdog = Watchdog::start(database.interrupter()).unwrap();
        // The thread now sleeps until an hour from now, and disarming leaves it so.
        settled(&watchdog, 1);
        let first = watchdog.arm(Instant::now() + Duration::from_secs(3600));
        settled(&watchdog, 2);
        assert!(!first.disarm());
        let watch = watchdog.arm(Instant::now() + Duration::from_millis(100));
        std::thread::sleep(Duration::from_millis(600));
        assert!(watch.disarm(), "a deadline earlier than the thread's own wake-up fired");
    }

    #[test]
    fn a_long_query_is_interrupted_at_its_deadline() {
        let database = Database::in_memory(&["SET threads = 1".to_string()]).unwrap();
        let watchdog = Watchdog::start(database.interrupter()).unwrap();
        let started = Instant::now();
        let watch = watchdog.arm(started + Duration::from_millis(200));
        let outcome = database.query("SELECT count(*) FROM range(1000000000000) AS a(x) WHERE x % 7 = 3");
        assert!(watch.disarm());
        assert!(outcome.is_err(), "the query was stopped");
        let elapsed = started.elapsed();
        assert!(
            elapsed >= Duration::from_millis(200) && elapsed < Duration::from_secs(10),
            "stopped after {elapsed:?}"
        );
    }
}
