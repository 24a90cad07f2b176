// Apply the saved theme before first paint (dark unless "light" was saved) to avoid a flash. A file, not an
// inline script, so the Content-Security-Policy can allow scripts from this origin only.
try {
  var t = localStorage.getItem("fire-path-theme");
  document.documentElement.classList.toggle("dark", t !== "light");
  document.documentElement.classList.toggle("light", t === "light");
} catch (e) {}
