//! prescheduling
