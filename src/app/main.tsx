document.getElementById("root")!.textContent = "Loading...";
