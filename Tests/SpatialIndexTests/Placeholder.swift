import Testing

// Placeholder: suites for this module are being written.
