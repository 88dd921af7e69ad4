module.exports = require('../../jest.preset').nodeProject(__dirname);
