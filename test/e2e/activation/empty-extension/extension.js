// The activation baseline: loaded and activated the way the APL extension is, doing nothing.
'use strict';

exports.activate = function activate() {};
exports.deactivate = function deactivate() {};
