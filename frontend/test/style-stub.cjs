// Stylesheets have no behaviour worth testing in jsdom.
module.exports = {};
