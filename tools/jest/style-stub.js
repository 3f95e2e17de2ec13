// Stylesheets and images have no meaning in a DOM test; their imports resolve to an empty module.
module.exports = {};
