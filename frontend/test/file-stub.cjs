// Image and font imports resolve to their URL in the app; a fixed name is enough in tests.
module.exports = 'test-file-stub';
