//! gdtoolkit 4 (`gdlint`, `gdformat`) for the GDScript checks: the one on `PATH` when it is
//! version 4, else one installed in a virtual environment under the target folder. A virtual
//! environment is what works on a stock Debian or Ubuntu Python (which refuses `pip install`
//! outside one), on macOS and on Windows alike, and it never touches the user's Python.

use crate::cargo::target_dir;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The version of gdtoolkit the checks are written for.
const REQUIREMENT: &str = "gdtoolkit==4.*";

/// Where `gdlint` and `gdformat` are.
pub struct Tools {
    pub gdlint: PathBuf,
    pub gdformat: PathBuf,
}

/// gdtoolkit 4, installing it into `<target>/gdtoolkit-venv` the first time it is needed.
pub fn ensure() -> Result<Tools, String> {
    let on_path = Tools { gdlint: "gdlint".into(), gdformat: "gdformat".into() };
    if is_version_4(&on_path.gdlint) && is_version_4(&on_path.gdformat) {
        return Ok(on_path);
    }
    let venv = target_dir()?.join("gdtoolkit-venv");
    let installed = in_venv(&venv);
    if is_version_4(&installed.gdlint) && is_version_4(&installed.gdformat) {
        return Ok(installed);
    }
    println!("== gdtoolkit 4 is not on PATH: installing it into {}", venv.display());
    let python = python()?;
    let created = Command::new(&python).args(["-m", "venv"]).arg(&venv).status();
    if !created.is_ok_and(|s| s.success()) {
        return Err(format!(
            "could not create a Python virtual environment at {} with {python}. On Debian or Ubuntu \
             install it with `sudo apt install python3-venv`; or install gdtoolkit 4 yourself so that \
             `gdlint` and `gdformat` are on PATH (`pipx install \"{REQUIREMENT}\"`)",
            venv.display()
        ));
    }
    let pip = Command::new(venv_program(&venv, "python"))
        .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", REQUIREMENT])
        .status();
    if !pip.is_ok_and(|s| s.success()) {
        return Err(format!("pip could not install {REQUIREMENT} into {}", venv.display()));
    }
    if is_version_4(&installed.gdlint) {
        Ok(installed)
    } else {
        Err(format!("gdlint is still missing after installing {REQUIREMENT} into {}", venv.display()))
    }
}

fn in_venv(venv: &Path) -> Tools {
    Tools { gdlint: venv_program(venv, "gdlint"), gdformat: venv_program(venv, "gdformat") }
}

/// A program of a virtual environment: `bin/name`, or `Scripts\name.exe` on Windows.
fn venv_program(venv: &Path, name: &str) -> PathBuf {
    if cfg!(windows) {
        venv.join("Scripts").join(format!("{name}.exe"))
    } else {
        venv.join("bin").join(name)
    }
}

/// A Python 3: `python3`, else `python` (the name on Windows) when it is Python 3.
fn python() -> Result<String, String> {
    for name in ["python3", "python"] {
        let out = Command::new(name).arg("--version").output();
        if out.is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).starts_with("Python 3"))
        {
            return Ok(name.into());
        }
    }
    Err("Python 3 is needed for the GDScript checks (gdtoolkit): install it from python.org or your \
         package manager"
        .into())
}

/// Whether `program --version` runs and says gdtoolkit 4 ("gdlint 4.3.3").
fn is_version_4(program: &Path) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| {
        o.status.success()
            && String::from_utf8_lossy(&o.stdout)
                .split_whitespace()
                .nth(1)
                .is_some_and(|v| v.starts_with("4."))
    })
}
