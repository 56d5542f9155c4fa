console.log("server placeholder");
