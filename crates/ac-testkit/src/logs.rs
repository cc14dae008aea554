//! The stack's `tracing` events as text, for tests that assert what a user would read. The
//! crates emit them only with their `tracing` cargo feature: a test that captures them enables
//! it (e.g. through its crate's dev-dependency on itself with the feature).

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// A writer into a shared buffer: the subscriber writes, the caller reads back.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Buffer {
    fn text(&self) -> String {
        let bytes = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Buffer {
    type Writer = Buffer;

    fn make_writer(&'a self) -> Buffer {
        self.clone()
    }
}

/// Runs `run` with a `fmt` subscriber filtered by `filter` (`RUST_LOG` syntax) on this thread
/// and returns its result and the log, one event per line, as `cargo xtask` prints it with
/// `RUST_LOG` (no time stamps, no colours).
///
/// # Panics
///
/// When `filter` is not a valid `RUST_LOG` directive (a test's own mistake).
pub fn capture<R>(filter: &str, run: impl FnOnce() -> R) -> (R, String) {
    let buffer = Buffer::default();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_new(filter).expect("a valid RUST_LOG filter"))
        .with_writer(buffer.clone())
        .with_ansi(false)
        .without_time()
        .finish();
    let result = tracing::subscriber::with_default(subscriber, run);
    (result, buffer.text())
}
