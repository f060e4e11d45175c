//! What a caller may read and spend: policies (hidden tables and columns, tenant row
//! filters) that neither plans nor SQL get around, and budgets (daily ones, request limits
//! per caller, concurrent queries, a budget state file that stays whole).

mod budgets;
mod policies;
