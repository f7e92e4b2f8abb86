//! queue
