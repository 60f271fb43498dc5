//! Campaign files on disk: reading (format, version, verified replay), the
//! lock that keeps two writers of one campaign apart, and atomic saving that
//! writes through links and keeps the file's permissions.
//!
//! The lock is a separate file beside the campaign, `.NAME.lock` (NAME: the
//! real file's name, links resolved), held with an exclusive OS lock
//! (`flock`, `LockFileEx`) for the whole read–replay–write. The campaign
//! file itself cannot carry the lock: saving renames a new file over it, so
//! a writer that opened the old file before the rename would lock a file
//! that is no longer the campaign, read the old state and overwrite the new
//! one. The lock file is never renamed nor deleted (deleting it would bring
//! the same race back), so every writer locks the same file. Under the lock
//! the temporary file has a fixed name, `.NAME.tmp`: a save killed midway
//! leaves it behind, and the next save overwrites and renames it.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write as _};
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use mortalis_rules::Lang;
use mortalis_rules::campaign::verify::{self, Next};
use mortalis_rules::campaign::{self as rules, CampaignFile, CampaignState};

use super::fail;
use crate::Failure;

/// A campaign as read: the file, the replayed state, what comes next.
pub struct Loaded {
    /// The file.
    pub file: CampaignFile,
    /// The state its log gives.
    pub state: CampaignState,
    /// A battle or a trade, or the unfinished last step.
    pub next: Next,
}

/// Read, version-check, parse and replay a campaign file.
pub fn load(path: &Path, lang: Lang) -> Result<Loaded, Failure> {
    let text = crate::read(path, lang)?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        fail(format!(
            "{}: {} {e}",
            path.display(),
            lang.pick("uszkodzony JSON:", "corrupt JSON:")
        ))
    })?;
    if value.get("format").and_then(|f| f.as_str()) != Some(rules::FORMAT) {
        return Err(fail(format!(
            "{}: {} `{}`",
            path.display(),
            lang.pick(
                "to nie jest plik kampanii: brak",
                "not a campaign file: missing"
            ),
            rules::FORMAT
        )));
    }
    match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(rules::VERSION) => {}
        Some(v) if v > u64::from(rules::VERSION) => {
            return Err(fail(format!(
                "{}: {} {v}, {} {}",
                path.display(),
                lang.pick("plik z nowszej wersji", "file from a newer version"),
                lang.pick("ten program czyta wersję", "this program reads version"),
                rules::VERSION
            )));
        }
        other => {
            return Err(fail(format!(
                "{}: {} {other:?}",
                path.display(),
                lang.pick("nieznana wersja", "unknown version")
            )));
        }
    }
    // From the text again, so that an error names its line and column.
    drop(value);
    let file: CampaignFile =
        serde_json::from_str(&text).map_err(|e| fail(format!("{}: {e}", path.display())))?;
    let (state, next) = verify::replay(&file).map_err(|e| {
        fail(format!(
            "{}: {} {e}",
            path.display(),
            lang.pick("log nie daje się odtworzyć:", "the log does not replay:")
        ))
    })?;
    Ok(Loaded { file, state, next })
}

/// The real file behind `path`: links resolved (`path` itself while it does
/// not exist yet).
pub fn target(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// `dir/.NAME<suffix>` beside `target`.
fn beside(target: &Path, suffix: &str) -> PathBuf {
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dir.join(format!(".{name}{suffix}"))
}

/// The lock file of the campaign whose real file is `target`.
pub fn lock_path(target: &Path) -> PathBuf {
    beside(target, ".lock")
}

fn cannot(what: (&str, &str), path: &Path, lang: Lang, e: std::io::Error) -> Failure {
    Failure::from(anyhow!(e).context(format!("{} {}", lang.pick(what.0, what.1), path.display())))
}

/// Runs `work` (given the real file) while holding the lock of the
/// existing campaign `path`. When another process holds it, refuses at once
/// (exit 1), naming the file. A missing campaign is an error before any
/// lock file is made.
pub fn with_lock<T>(
    path: &Path,
    lang: Lang,
    work: impl FnOnce(&Path) -> Result<T, Failure>,
) -> Result<T, Failure> {
    std::fs::metadata(path)
        .map_err(|e| cannot(("nie można odczytać", "cannot read"), path, lang, e))?;
    with_new_lock(path, lang, work)
}

/// [`with_lock`] for a campaign that may not exist yet (`campaign new`).
pub fn with_new_lock<T>(
    path: &Path,
    lang: Lang,
    work: impl FnOnce(&Path) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let target = target(path);
    let lock_file = lock_path(&target);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_file)
        .map_err(|e| cannot(("nie można zablokować", "cannot lock"), &lock_file, lang, e))?;
    let mut lock = fd_lock::RwLock::new(file);
    let _held = loop {
        match lock.try_write() {
            Ok(guard) => break guard,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                return Err(Failure {
                    code: 1,
                    error: anyhow!(
                        "{}: {} ({} {})",
                        path.display(),
                        lang.pick(
                            "inny proces mortalis właśnie zmienia tę kampanię; spróbuj ponownie, gdy skończy",
                            "another mortalis is changing this campaign right now; try again when it has finished"
                        ),
                        lang.pick("blokada:", "lock:"),
                        lock_file.display()
                    ),
                });
            }
            Err(e) => {
                return Err(cannot(
                    ("nie można zablokować", "cannot lock"),
                    &lock_file,
                    lang,
                    e,
                ));
            }
        }
    };
    work(&target)
}

/// Write atomically, under the lock: the fixed temporary file `.NAME.tmp`
/// beside the real file, given the real file's permissions, then renamed
/// onto it (a link to the campaign stays a link). `shown` is the path the
/// user gave, for messages. Leftover temporary files of older versions
/// (`.NAME.tmp<PID>`) are removed after a successful save.
pub fn save(target: &Path, shown: &Path, file: &CampaignFile, lang: Lang) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(file)? + "\n";
    let tmp = beside(target, ".tmp");
    let write = || -> std::io::Result<()> {
        // A leftover of a killed save may be read-only (it had the
        // campaign's permissions): remove it rather than open it.
        match std::fs::remove_file(&tmp) {
            Err(e) if e.kind() != ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        let mut f = File::create(&tmp)?;
        // Before any content: a private campaign is never readable as the
        // temporary file either.
        if let Ok(meta) = std::fs::metadata(target) {
            f.set_permissions(meta.permissions())?;
        }
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, target)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        cannot(("nie można zapisać", "cannot write"), shown, lang, e)
    })?;
    remove_old_temporaries(target);
    Ok(())
}

/// Removes `.NAME.tmp<digits>` beside `target`: what a save of an older
/// version, killed midway, left behind.
fn remove_old_temporaries(target: &Path) {
    let prefix = beside(target, ".tmp");
    let (Some(dir), Some(prefix)) = (prefix.parent(), prefix.file_name()) else {
        return;
    };
    let prefix = prefix.to_string_lossy().into_owned();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let old = name
            .strip_prefix(&prefix)
            .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
        if old {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
