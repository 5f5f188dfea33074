//! The Dama opening book (format, builder, embedded default book).
