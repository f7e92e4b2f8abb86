//! `maintenance run` on the live control plane: the run's state stored on the control
//! plane ([`store`]), who holds it ([`holder`]), the work of each step (`steps`) and
//! the loop that drives a run from step to step ([`drive`]).

mod context;
mod drive;
pub mod holder;
mod steps;
pub mod store;

pub use context::{Outcome, RunContext, RunEvent, Shared, FIRST_LIST};
pub use drive::drive;
