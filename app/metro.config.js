// Metro finds the npm workspace (packages/shared) on its own since SDK 52; the default config is all we need.
const { getDefaultConfig } = require("expo/metro-config");

module.exports = getDefaultConfig(__dirname);
